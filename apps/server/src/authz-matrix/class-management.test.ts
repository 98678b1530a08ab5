import { classManagementRows } from './class-management.rows';
import { runMatrix } from './matrix';

runMatrix('class management', classManagementRows);
