// Data only, importing nothing: src/texts.ts composes it (docs/architecture.md, "Texts").
export const es = {
  'live.ingest.notStreamer':
    'Solo quien transmite puede enviar el vídeo de esta transmisión, y solo mientras está en directo.',
  'live.video.notFound': 'Esta transmisión ya no está en directo.',
  'live.recording.gone':
    'La grabación de tu última transmisión ya no está disponible: no se guarda después de terminar.',
} as const;

export const en: Record<keyof typeof es, string> = {
  'live.ingest.notStreamer': 'Only the streamer can send this broadcast’s video, and only while it is live.',
  'live.video.notFound': 'This broadcast is no longer live.',
  'live.recording.gone':
    'The recording of your last broadcast is no longer available: it is not kept after the end.',
};
