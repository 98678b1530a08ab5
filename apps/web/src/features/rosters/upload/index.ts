// What the rest of the rosters feature uses of uploads and datasets.
export { datasetQueryOptions, getDataset, useDataset } from './api/get-dataset';
export { getRosterSources, rosterSourcesQueryOptions, useRosterSources } from './api/get-roster-sources';
export { datasetsQueryOptions, listDatasets, useDatasets, type DatasetFilters } from './api/list-datasets';
export { uploadRoster, type UploadInput } from './api/upload-roster';
