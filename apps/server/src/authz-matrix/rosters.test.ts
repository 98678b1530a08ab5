import { rostersRows } from './rosters.rows';
import { runMatrix } from './matrix';

runMatrix('rosters', rostersRows);
