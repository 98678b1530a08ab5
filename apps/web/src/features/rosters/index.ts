// The rosters feature's pages, for the route table (app/route-tables/rosters.tsx).
export { DatasetRoute } from './apply/routes/dataset-page';
export { DatasetStepRoute } from './reconcile/routes/dataset-step-page';
export { EnrolinatorRoute } from './upload/routes/enrolinator-page';
export { SchoolUploaderIndexRoute } from './upload/routes/school-uploader-index-page';
export { SchoolUploaderRoute } from './upload/routes/school-uploader-page';
