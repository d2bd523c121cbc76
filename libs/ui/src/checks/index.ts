export * from './blocked';
export * from './finding-icons';
export * from './findings-view';
export * from './page-thumbnail';
