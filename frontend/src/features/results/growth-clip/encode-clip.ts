/**
 * Encodes the clip's frames in the browser: H.264 in MP4 (WebCodecs + mp4-muxer) where the browser
 * can encode it, else VP9 or VP8 in WebM (WebCodecs + webm-muxer), else MediaRecorder on the
 * canvas in real time as the last resort.
 */
import { CLIP_FPS, CLIP_SIZE_PX, type ClipFrame } from '@shared/rules/growth-clip';
import { Muxer as Mp4Muxer, ArrayBufferTarget as Mp4Target } from 'mp4-muxer';
import { Muxer as WebmMuxer, ArrayBufferTarget as WebmTarget } from 'webm-muxer';

/** ~1.1 MB for 4 s: under the 2 MB budget with room for busy frames. */
const BITRATE = 2_200_000;
/** Frames queued in the encoder while the next is drawn: drawing and encoding overlap, memory stays bounded. */
const QUEUE_AHEAD = 4;

/** `frames`: the encoder's chunk count (frames drawn, for MediaRecorder). */
export type EncodedClip = { blob: Blob; mimeType: string; frames: number; encoder: string };
/** Draws `frame` on the canvas the encoder reads. */
type DrawFrame = (frame: ClipFrame) => void;
/**
 * Where the frames come from: `canvas`, after `draw`; `capture`, when given, makes the encoder's
 * frame itself (from pixels already read back) instead of snapshotting the canvas.
 */
export type FrameSource = {
  canvas: HTMLCanvasElement;
  draw: DrawFrame;
  capture?: (init: { timestamp: number; duration: number }) => VideoFrame;
};

type Plan = { codec: string; container: 'mp4' | 'webm'; muxCodec: string };

/** Baseline then Main profile H.264 (level 3.1 fits 720²), then VP9 and VP8. */
const PLANS: Plan[] = [
  { codec: 'avc1.42001f', container: 'mp4', muxCodec: 'avc' },
  { codec: 'avc1.4d001f', container: 'mp4', muxCodec: 'avc' },
  { codec: 'vp09.00.10.08', container: 'webm', muxCodec: 'V_VP9' },
  { codec: 'vp8', container: 'webm', muxCodec: 'V_VP8' },
];

const configOf = (codec: string): VideoEncoderConfig => ({
  codec,
  width: CLIP_SIZE_PX,
  height: CLIP_SIZE_PX,
  bitrate: BITRATE,
  framerate: CLIP_FPS,
  // MP4 wants the parameter sets out of band (avcC), which is WebCodecs' default 'avc' format.
  ...(codec.startsWith('avc1') ? { avc: { format: 'avc' as const } } : {}),
});

/** The first plan this browser's WebCodecs can encode, or null (no WebCodecs, or none of them). */
export async function pickEncoder(): Promise<Plan | null> {
  if (typeof VideoEncoder === 'undefined') return null;
  for (const plan of PLANS) {
    const support = await VideoEncoder.isConfigSupported(configOf(plan.codec)).catch(() => null);
    if (support?.supported) return plan;
  }
  return null;
}

async function encodeWithWebCodecs(
  plan: Plan,
  { canvas, draw, capture }: FrameSource,
  frames: readonly ClipFrame[],
): Promise<EncodedClip> {
  const mp4 = plan.container === 'mp4';
  const muxer = mp4
    ? new Mp4Muxer({
        target: new Mp4Target(),
        video: { codec: 'avc', width: CLIP_SIZE_PX, height: CLIP_SIZE_PX },
        fastStart: 'in-memory',
      })
    : new WebmMuxer({
        target: new WebmTarget(),
        video: { codec: plan.muxCodec, width: CLIP_SIZE_PX, height: CLIP_SIZE_PX, frameRate: CLIP_FPS },
      });
  let failure: unknown = null;
  let chunks = 0;
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      chunks += 1;
      muxer.addVideoChunk(chunk, meta);
    },
    error: (error) => {
      failure = error;
    },
  });
  encoder.configure(configOf(plan.codec));
  for (const planned of frames) {
    if (failure) break;
    draw(planned);
    // Each frame carries its own duration: a still age is one long frame (see clipFrames).
    const init = { timestamp: planned.timestampUs, duration: planned.durationUs };
    const frame = capture ? capture(init) : new VideoFrame(canvas, init);
    encoder.encode(frame, { keyFrame: planned.key });
    frame.close();
    // Back-pressure: a phone's encoder falls behind the drawing; do not queue the whole clip.
    while (encoder.encodeQueueSize > QUEUE_AHEAD && !failure)
      await new Promise((resolve) => {
        // The timer covers a browser without the dequeue event, or an encoder that failed meanwhile.
        encoder.addEventListener('dequeue', resolve, { once: true });
        setTimeout(resolve, 20);
      });
  }
  await encoder.flush();
  encoder.close();
  if (failure) throw failure;
  muxer.finalize();
  const mimeType = mp4 ? 'video/mp4' : 'video/webm';
  return {
    blob: new Blob([muxer.target.buffer], { type: mimeType }),
    mimeType,
    frames: chunks,
    encoder: plan.codec,
  };
}

/** Real time: the recorder sees the canvas as a camera, so each frame is drawn on its own clock. */
async function encodeWithRecorder(
  { canvas, draw }: FrameSource,
  frames: readonly ClipFrame[],
): Promise<EncodedClip> {
  const mimeType = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );
  if (!mimeType) throw new Error('This browser cannot record video');
  draw(frames[0]);
  const stream = canvas.captureStream(CLIP_FPS);
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: BITRATE });
  const parts: Blob[] = [];
  recorder.ondataavailable = (event) => parts.push(event.data);
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  recorder.start();
  const started = performance.now();
  for (const frame of frames.slice(1)) {
    const due = started + frame.timestampUs / 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    draw(frame);
  }
  const last = frames.at(-1)!;
  await new Promise((resolve) => setTimeout(resolve, last.durationUs / 1000));
  recorder.stop();
  await stopped;
  for (const track of stream.getTracks()) track.stop();
  return {
    blob: new Blob(parts, { type: 'video/webm' }),
    mimeType: 'video/webm',
    frames: frames.length,
    encoder: 'MediaRecorder',
  };
}

export async function encodeClip(source: FrameSource, frames: readonly ClipFrame[]): Promise<EncodedClip> {
  const plan = await pickEncoder();
  return plan ? encodeWithWebCodecs(plan, source, frames) : encodeWithRecorder(source, frames);
}
