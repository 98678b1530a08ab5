import { examsRows } from './exams.rows';
import { runMatrix } from './matrix';

runMatrix('exams', examsRows);
