import { learningRows } from './learning.rows';
import { runMatrix } from './matrix';

runMatrix('learning', learningRows);
