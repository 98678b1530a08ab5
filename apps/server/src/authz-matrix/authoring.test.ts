import { authoringRows } from './authoring.rows';
import { runMatrix } from './matrix';

runMatrix('authoring', authoringRows);
