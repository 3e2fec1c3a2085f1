export { startObjectStore, type ObjectStoreOptions, type RunningObjectStore } from './server';
export { serveObject, DEFAULT_MEDIA_CACHE_CONTROL } from './serve-object';
