/// <reference types="vite/client" />

// hls.js ships its light build (no subtitles, alternate audio or DRM) without its own types.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
