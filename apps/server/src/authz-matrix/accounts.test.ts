import { accountsRows } from './accounts.rows';
import { runMatrix } from './matrix';

runMatrix('accounts', accountsRows);
