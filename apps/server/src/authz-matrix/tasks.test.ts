import { tasksRows } from './tasks.rows';
import { runMatrix } from './matrix';

runMatrix('tasks', tasksRows);
