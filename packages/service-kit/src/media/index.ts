export {
  detectImageType,
  processImage,
  fileTooLargeMessage,
  INVALID_IMAGE_TYPE,
  IMAGE_TOO_MANY_PIXELS,
  DEFAULT_MAX_INPUT_PIXELS,
  IMAGE_PRESETS,
  type ImageType,
  type ProcessImageOptions,
  type ProcessedImage,
} from './image.js';
export { imageUpload, type ImageUploadOptions, type UploadedFile } from './upload.js';
export {
  createMediaStore,
  serveMedia,
  MEDIA_CACHE_CONTROL,
  type MediaStore,
  type MediaStoreOptions,
  type StoredMedia,
} from './store.js';
export { saveImage, type SavedImage } from './save.js';
