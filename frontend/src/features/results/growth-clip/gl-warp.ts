/**
 * The whole frame on WebGL: one draw warps both ages along the triangles and cross-dissolves them
 * in the fragment shader, then the captions (textures made once, see captions.ts) are blended over
 * it. Everything fixed for the clip (textures, texture coordinates, caption quads) is uploaded
 * once; a frame only uploads the morphed vertex positions, and is read back with one readPixels
 * (without a GPU, `new VideoFrame(canvas)` cost several times more per frame than the read).
 * The 2-D path (draw-frame.ts) remains for browsers without WebGL.
 */
import { CLIP_SIZE_PX, type FrameStep, type MeshImage, type Pt } from '@shared/rules/growth-clip';
import type { ClipOverlays, Overlay } from './captions';
import type { ClipImage, ClipScene } from './clip-scene';

const TO_CLIP_SPACE = `
uniform float uSize;
vec4 place(vec2 px) { return vec4(px.x / uSize * 2.0 - 1.0, 1.0 - px.y / uSize * 2.0, 0.0, 1.0); }`;

const WARP_VERTEX = `
attribute vec2 aPos;
attribute vec2 aUvA;
attribute vec2 aUvB;
varying vec2 vA;
varying vec2 vB;
${TO_CLIP_SPACE}
void main() {
  vA = aUvA;
  vB = aUvB;
  gl_Position = place(aPos);
}`;

// No branches here: software WebGL (SwiftShader) runs this for every pixel of every frame, and a
// per-pixel "outside the image?" test cost more than the two texture reads (see padded()).
const WARP_FRAGMENT = `
precision mediump float;
uniform sampler2D uA;
uniform sampler2D uB;
uniform float uT;
varying vec2 vA;
varying vec2 vB;
void main() {
  gl_FragColor = mix(texture2D(uA, vA), texture2D(uB, vB), uT);
}`;

const OVERLAY_VERTEX = `
attribute vec2 aPos;
attribute vec2 aUv;
varying vec2 vUv;
${TO_CLIP_SPACE}
void main() {
  vUv = aUv;
  gl_Position = place(aPos);
}`;

// Premultiplied texels, so fading a caption is one multiply.
const OVERLAY_FRAGMENT = `
precision mediump float;
uniform sampler2D uTex;
uniform float uAlpha;
varying vec2 vUv;
void main() {
  gl_FragColor = texture2D(uTex, vUv) * uAlpha;
}`;

type GlWarper = {
  canvas: HTMLCanvasElement;
  draw(step: FrameStep): void;
  /** The frame last drawn, read back as top-down RGBX pixels into a buffer reused frame to frame. */
  pixels(): Uint8Array;
};

type GL = WebGLRenderingContext;

function program(gl: GL, vertex: string, fragment: string, attributes: string[]): WebGLProgram {
  const made = gl.createProgram();
  if (!made) throw new Error('No program');
  for (const [type, source] of [
    [gl.VERTEX_SHADER, vertex],
    [gl.FRAGMENT_SHADER, fragment],
  ] as const) {
    const shader = gl.createShader(type);
    if (!shader) throw new Error('No shader');
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
      throw new Error(gl.getShaderInfoLog(shader) ?? 'shader');
    gl.attachShader(made, shader);
  }
  // Fixed locations, shared by both programs: 0 position, 1 and 2 texture coordinates.
  attributes.forEach((name, i) => {
    gl.bindAttribLocation(made, i, name);
  });
  gl.linkProgram(made);
  if (!gl.getProgramParameter(made, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(made) ?? 'link');
  return made;
}

function texture(gl: GL, image: TexImageSource): WebGLTexture {
  const tex = gl.createTexture();
  if (!tex) throw new Error('No texture');
  gl.bindTexture(gl.TEXTURE_2D, tex);
  // Previews are 640², not a power of two: WebGL 1 samples those only clamped and without mipmaps.
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, image);
  return tex;
}

/** The page's pale violet, which the frame shows where an age's alignment leaves a margin. */
const MARGIN = '#f5f3ff';

/**
 * The image with a 1-pixel border of the margin colour: clamped sampling repeats that border
 * outside the image, so the margin costs the shader nothing. Texture coordinates are shifted to match.
 */
function padded({ image, width, height }: ClipImage): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width + 2;
  canvas.height = height + 2;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2-D canvas');
  ctx.fillStyle = MARGIN;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 1, 1, width, height);
  return canvas;
}

function staticBuffer(gl: GL, data: Float32Array): WebGLBuffer {
  const buffer = gl.createBuffer();
  if (!buffer) throw new Error('No buffer');
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
  return buffer;
}

/** Without landmarks, each image is one quad on the whole frame: the morph becomes a dissolve. */
function plainMesh(scene: ClipScene): { images: MeshImage[]; triangles: [number, number, number][] } {
  const corners = (w: number, h: number): Pt[] => [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  return {
    images: scene.images.map(({ width, height }) => ({
      source: corners(width, height),
      aligned: corners(CLIP_SIZE_PX, CLIP_SIZE_PX),
    })),
    triangles: [
      [0, 1, 2],
      [0, 2, 3],
    ],
  };
}

/** A caption's quad: pixel position and texture coordinate per corner, two triangles. */
function overlayQuad({ canvas, left, top }: Overlay): Float32Array {
  const [l, r, t, b] = [left, left + canvas.width, top, top + canvas.height];
  // biome-ignore format: one corner (x, y, u, v) a line
  return new Float32Array([
    l, t, 0, 0,  r, t, 1, 0,  r, b, 1, 1,
    l, t, 0, 0,  r, b, 1, 1,  l, b, 0, 1,
  ]);
}

/** A warper for the scene, or null where WebGL is not available (the 2-D path draws then). */
export function createGlWarper(scene: ClipScene, overlays: ClipOverlays): GlWarper | null {
  const canvas = document.createElement('canvas');
  canvas.width = CLIP_SIZE_PX;
  canvas.height = CLIP_SIZE_PX;
  const gl = canvas.getContext('webgl', { preserveDrawingBuffer: true, antialias: false, alpha: false });
  if (!gl) return null;
  try {
    const mesh = scene.mesh ?? plainMesh(scene);
    const warp = program(gl, WARP_VERTEX, WARP_FRAGMENT, ['aPos', 'aUvA', 'aUvB']);
    const overlay = program(gl, OVERLAY_VERTEX, OVERLAY_FRAGMENT, ['aPos', 'aUv']);
    const ages = scene.images.map((image) => texture(gl, padded(image)));
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    const captions = overlays.captions.map((o) => ({
      tex: texture(gl, o.canvas),
      quad: staticBuffer(gl, overlayQuad(o)),
    }));
    const notice = overlays.notice && {
      tex: texture(gl, overlays.notice.canvas),
      quad: staticBuffer(gl, overlayQuad(overlays.notice)),
    };
    const corners = mesh.triangles.flat();
    // Each image's texture coordinates per triangle corner: fixed for the whole clip.
    const uvs = mesh.images.map(({ source }, i) => {
      const { width, height } = scene.images[i];
      return staticBuffer(
        gl,
        new Float32Array(corners.flatMap((k) => [source[k][0] / width, source[k][1] / height])),
      );
    });
    const positions = new Float32Array(corners.length * 2);
    const positionBuffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, positionBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, positions.byteLength, gl.DYNAMIC_DRAW);

    for (const made of [warp, overlay]) {
      // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook.
      gl.useProgram(made);
      gl.uniform1f(gl.getUniformLocation(made, 'uSize'), CLIP_SIZE_PX);
    }
    gl.uniform1i(gl.getUniformLocation(overlay, 'uTex'), 0);
    const uAlpha = gl.getUniformLocation(overlay, 'uAlpha');
    // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook.
    gl.useProgram(warp);
    gl.uniform1i(gl.getUniformLocation(warp, 'uA'), 0);
    gl.uniform1i(gl.getUniformLocation(warp, 'uB'), 1);
    const uT = gl.getUniformLocation(warp, 'uT');
    gl.viewport(0, 0, CLIP_SIZE_PX, CLIP_SIZE_PX);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);

    const attribute = (location: number, buffer: WebGLBuffer | null, stride = 0, offset = 0) => {
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, 2, gl.FLOAT, false, stride, offset);
    };
    const drawOverlay = (o: { tex: WebGLTexture; quad: WebGLBuffer }, alpha: number) => {
      if (alpha <= 0.01) return;
      gl.bindTexture(gl.TEXTURE_2D, o.tex);
      attribute(0, o.quad, 16, 0);
      attribute(1, o.quad, 16, 8);
      gl.uniform1f(uAlpha, alpha);
      gl.drawArrays(gl.TRIANGLES, 0, 6);
    };

    const raw = new Uint8Array(CLIP_SIZE_PX * CLIP_SIZE_PX * 4);
    const rows = new Uint8Array(raw.length);
    const rowBytes = CLIP_SIZE_PX * 4;
    return {
      canvas,
      pixels() {
        gl.readPixels(0, 0, CLIP_SIZE_PX, CLIP_SIZE_PX, gl.RGBA, gl.UNSIGNED_BYTE, raw);
        // WebGL reads bottom row first.
        for (let y = 0; y < CLIP_SIZE_PX; y++)
          rows.set(raw.subarray(y * rowBytes, (y + 1) * rowBytes), (CLIP_SIZE_PX - 1 - y) * rowBytes);
        return rows;
      },
      draw({ from, to, t }) {
        const a = mesh.images[from].aligned;
        const b = mesh.images[to].aligned;
        corners.forEach((k, i) => {
          positions[2 * i] = a[k][0] + (b[k][0] - a[k][0]) * t;
          positions[2 * i + 1] = a[k][1] + (b[k][1] - a[k][1]) * t;
        });
        // No clear: the mesh's border points (or the plain quad) cover the whole frame.
        // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook.
        gl.useProgram(warp);
        gl.bindBuffer(gl.ARRAY_BUFFER, positionBuffer);
        gl.bufferSubData(gl.ARRAY_BUFFER, 0, positions);
        attribute(0, positionBuffer);
        attribute(1, uvs[from]);
        attribute(2, uvs[to]);
        gl.activeTexture(gl.TEXTURE1);
        gl.bindTexture(gl.TEXTURE_2D, ages[to]);
        gl.activeTexture(gl.TEXTURE0);
        gl.bindTexture(gl.TEXTURE_2D, ages[from]);
        gl.uniform1f(uT, t);
        gl.drawArrays(gl.TRIANGLES, 0, corners.length);

        // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook.
        gl.useProgram(overlay);
        gl.disableVertexAttribArray(2);
        gl.enable(gl.BLEND);
        drawOverlay(captions[from], 1 - t);
        if (t > 0) drawOverlay(captions[to], t);
        if (notice) drawOverlay(notice, 1);
        gl.disable(gl.BLEND);
      },
    };
  } catch {
    return null;
  }
}
