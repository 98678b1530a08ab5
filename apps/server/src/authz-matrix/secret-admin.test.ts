import { secretAdminRows } from './secret-admin.rows';
import { runMatrix } from './matrix';

runMatrix('secret admin', secretAdminRows);
