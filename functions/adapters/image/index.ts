/**
 * Entry point of the image adapters: the ImageAI provider switch, the inspector, the template
 * importer's image maker; and, from the image engine, the face identity check, the preview maker,
 * the HD enlarger, the unmarked previews and the keepsake renderer, which implement their ports as they are.
 */
export { createFaceIdentity } from '@little-futures/image-engine/faces';
export { createHdEnlarger, createUnmarkedPreviewMaker } from '@little-futures/image-engine/hd';
export { createKeepsakeRenderer } from '@little-futures/image-engine/keepsakes';
export { createPreviewMaker } from '@little-futures/image-engine/previews';
export { createImageAI } from './image-ai';
export { createImageInspector } from './inspector';
export { createTemplateImageMaker } from './template-images';
