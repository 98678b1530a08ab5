import { activitiesRows } from './activities.rows';
import { runMatrix } from './matrix';

runMatrix('activities', activitiesRows);
