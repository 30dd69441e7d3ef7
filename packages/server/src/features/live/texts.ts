// Data only, importing nothing: src/texts.ts composes it (docs/architecture.md "Texts").
// Keys keep their full names; `en` must carry every key of `es` (the type says so).
export const es = {
  'live.disabled': 'Las transmisiones en directo no están disponibles ahora.',
  'live.banned': 'Tu cuenta no puede transmitir en directo.',
  'live.verifiedOnly': 'Solo los miembros verificados pueden transmitir en directo.',
  'live.vipOnly': 'Solo los miembros VIP pueden transmitir en directo.',
  'live.notFound': 'Esta transmisión no existe o ya terminó.',
  'live.notYours': 'Solo puedes terminar tu propia transmisión.',
  'live.full': 'Esta transmisión está llena. Inténtalo más tarde.',
  'live.notStreamer': 'El regalo de una transmisión es para quien transmite.',
  'live.broadcastRequired': 'Elige la transmisión a la que va el regalo.',
} as const;

export const en: Record<keyof typeof es, string> = {
  'live.disabled': 'Live broadcasts are not available right now.',
  'live.banned': 'Your account cannot go live.',
  'live.verifiedOnly': 'Only verified members can go live.',
  'live.vipOnly': 'Only VIP members can go live.',
  'live.notFound': 'This broadcast does not exist or has ended.',
  'live.notYours': 'You can only end your own broadcast.',
  'live.full': 'This broadcast is full. Try again later.',
  'live.notStreamer': "A broadcast's gift goes to the streamer.",
  'live.broadcastRequired': 'Choose the broadcast the gift goes to.',
};
