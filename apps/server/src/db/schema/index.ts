export * from './accounts';
export * from './courses';
export * from './schools';
export * from './support';
