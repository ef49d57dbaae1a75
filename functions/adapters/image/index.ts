/** Entry point of the image adapters: the ImageAI provider switch, the preview maker, the inspector. */
export { createImageAI } from './image-ai';
export { createImageInspector } from './inspector';
export { createPreviewMaker } from './preview-maker';
