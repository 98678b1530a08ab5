import { ssoRows } from './sso.rows';
import { runMatrix } from './matrix';

runMatrix('sso', ssoRows);
