import { ClassListUploaderPage } from '../../features/classes/index';

/** /class-list-uploader/: a class's teachers and school admins upload a CSV class list. */
export function ClassListUploaderRoute() {
  return <ClassListUploaderPage />;
}
