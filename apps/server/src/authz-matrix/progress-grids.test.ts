import { progressGridsRows } from './progress-grids.rows';
import { runMatrix } from './matrix';

runMatrix('progress grids', progressGridsRows);
