/** Uploading roster files into datasets: the sources, the template, the upload itself, and reading datasets. */
export { rosterPages } from './upload.pages';
export { uploadRoutes } from './upload.routes';
export { uploadDataset } from './upload.service';
