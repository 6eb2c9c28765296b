export * from './users.js';
export * from './memorials.js';
export * from './tributes.js';
export * from './legacies.js';
export * from './page-data-version.js';
export * from './timeline.js';
export * from './events.js';
