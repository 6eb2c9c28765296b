export * from './users.js';
export * from './memorials.js';
export * from './tributes.js';
export * from './legacies.js';
