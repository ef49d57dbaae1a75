/** Entry point of the image adapters: the ImageAI provider switch, the face identity check, the preview maker, the HD enlarger, the inspector, the keepsake renderer, the template importer's image maker. */
export { createFaceIdentity } from './face-identity';
export { createImageAI } from './image-ai';
export { createImageInspector } from './inspector';
export { createKeepsakeRenderer } from './keepsake-renderer';
export { createPreviewMaker } from './preview-maker';
export { createTemplateImageMaker } from './template-images';
export { createHdEnlarger } from './upscale';
