/** Illustrated scenes (Skia): the scene for a prompt, and the built-in template library. */
export { generateOfflineScene } from '../src/scenes/generate-scene';
export { createSceneLibrary } from '../src/scenes/render';
