import { paymentsRows } from './payments.rows';
import { runMatrix } from './matrix';

runMatrix('payments', paymentsRows);
