import { DEFAULT_ERROR_TEXT } from '@tertulia/contract';
import { featureTexts } from '../texts';
import * as fieldLabels from './field-labels';

/** Server texts, Spanish first. Every key exists in both catalogs (a test checks). */
const es = {
  'error.default': DEFAULT_ERROR_TEXT,
  'error.unavailable': 'Tertulia no está disponible en este momento. Vuelve a intentarlo en unos segundos.',
  'login.required': 'Inicia sesión para continuar',
  'login.failed': 'Nombre de usuario o contraseña incorrectos.',
  'rateLimit.tooMany': 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  'forbidden.default': 'No tienes permiso para hacer esto.',
  'forbidden.origin': 'Solicitud rechazada: viene de otro sitio.',
  'forbidden.admin': 'Solo el equipo de Tertulia puede hacer esto.',
  'notFound.default': 'No encontramos lo que buscas.',
  'conflict.retry': 'Otra solicitud tuya cambió esto al mismo tiempo. Vuelve a intentarlo.',
  'payload.tooLarge': 'El archivo o los datos enviados son demasiado grandes.',
  'validation.required': 'Falta {field}.',
  // Field labels carry their article and gender ('la contraseña', 'el año'): sentences stay neutral.
  'validation.invalid': 'Revisa {field}: el valor no es válido.',
  'validation.tooLong': 'Revisa {field}: tiene demasiados caracteres.',
  'validation.tooShort': 'Revisa {field}: tiene muy pocos caracteres.',
  'validation.tooSmall': 'Revisa {field}: el valor es demasiado bajo.',
  'validation.tooLarge': 'Revisa {field}: el valor es demasiado alto.',
  'validation.oneOf': 'Revisa {field}: debe ser uno de estos valores: {values}.',
  'validation.badInput': 'Revisa los datos enviados: algún valor no es válido.',
  'validation.number': 'Revisa {field}: debe ser un número escrito solo con cifras.',
  'upload.tooLarge': '{field} es demasiado grande: como máximo {mb} MB.',
  'upload.tooManyFiles': 'Enviaste demasiados archivos.',
  'upload.tooManyFields': 'Enviaste demasiados campos.',
  'upload.notAccepted': 'Aquí no se puede enviar un archivo.',
  'upload.fileExpected': 'Revisa {field}: debe ser un archivo.',
  'upload.malformed': 'El envío llegó incompleto o dañado. Vuelve a intentarlo.',
  'image.type': 'La imagen debe ser un archivo JPEG, PNG, GIF o WebP.',
  'image.dimensions':
    'La imagen es demasiado grande: como máximo {maxSide} píxeles por lado y {megapixels} megapíxeles.',
  'image.unreadable': 'No pudimos leer la imagen; puede que esté dañada.',
  'image.hiddenData':
    'La imagen lleva demasiados datos ocultos (textos o perfiles de color) para procesarla.',
  'image.gifDimensions': 'El GIF es demasiado grande: como máximo {megapixels} megapíxeles.',
  'image.tooSlow': 'La imagen tardó demasiado en procesarse; prueba con una más pequeña.',
  'image.busy': 'Estamos procesando muchas imágenes ahora mismo. Vuelve a intentarlo en unos segundos.',
  'outbound.address': 'Esa dirección no es válida: debe ser una dirección pública de internet.',
  'outbound.credentials': 'Esa dirección no es válida: no puede llevar usuario ni contraseña.',
  'notFound.image': 'No encontramos esa imagen.',
  'notFound.album': 'No encontramos ese álbum.',
  'notFound.photo': 'No encontramos esa foto.',
  'video.unavailable': 'Ahora no podemos procesar vídeos. Vuelve a intentarlo más tarde.',
  'video.type': 'El vídeo debe ser un archivo MP4, WebM o MOV.',
  'video.unreadable': 'No pudimos leer el vídeo; puede que esté dañado.',
  'video.tooLong': 'El vídeo es demasiado largo: como máximo {minutes} minutos.',
  'video.dimensions': 'La resolución del vídeo es demasiado grande: como máximo {maxSide} píxeles por lado.',
  'video.notFound': 'No encontramos ese vídeo.',
  'song.type': 'La canción debe ser un archivo de audio (MP3, AAC, Ogg, Opus, WAV, FLAC o WebM).',
  'song.unreadable': 'No pudimos leer la canción; puede que esté dañada.',
  'song.tooLong': 'La canción es demasiado larga: como máximo {minutes} minutos.',
  'metrics.tokenRequired': 'Las métricas piden el token de METRICS_TOKEN (Authorization: Bearer ...).',
  'session.notFound': 'Esa sesión ya no está abierta.',
  'verify.already': 'Tu cuenta ya fue verificada.',
  'verify.badToken': 'El enlace de verificación no es válido o ha caducado.',
  'verify.required': 'Verifica tu cuenta para continuar.',
  'verify.mailSubject': 'Verifica tu cuenta de Tertulia',
  'verify.mailBody':
    'Hola, {name}:\n\nPara verificar tu cuenta de Tertulia abre este enlace:\n{link}\n\nEl enlace caduca en 48 horas. Si no fuiste tú, ignora este mensaje.',
  'email.same': 'Ese ya es tu correo electrónico.',
  'email.badToken': 'El enlace de confirmación no es válido o ha caducado.',
  'email.mailSubject': 'Confirma tu nuevo correo de Tertulia',
  'email.mailBody':
    'Hola, {name}:\n\nPara usar este correo en tu cuenta de Tertulia abre este enlace:\n{link}\n\nEl enlace caduca en 48 horas. Hasta entonces seguimos usando tu correo anterior. Si no fuiste tú, ignora este mensaje.',
  'offline.notFound': 'No encontramos ese mensaje.',
  'offline.permission': '{name} no acepta mensajes tuyos.',
  'voice.type': 'La grabación debe ser un archivo de audio WAV, WebM, Ogg o MP3.',
  'voice.tooLarge': 'La grabación es demasiado grande: como máximo {mb} MB.',
  'voice.notFound': 'No encontramos esa grabación.',
  'ledger.insufficientFunds': 'No tienes suficiente oro para esto. Compra más oro y vuelve a intentarlo.',
  'ledger.keyReused': 'Esa clave de operación ya se usó para otra operación distinta.',
  'ledger.keyRequired':
    'Falta la clave de operación: sin ella no movemos oro, gemas ni puntos, para no cobrar dos veces. Vuelve a intentarlo desde la página.',
  'gold.unknownPackage': 'Elige uno de los paquetes de oro de la tienda.',
  'gold.paymentNotFound': 'No encontramos ese pago.',
  'gold.testProviderOnly': 'Este pago no es de prueba.',
  'forbidden.staff': 'Solo los moderadores de Tertulia pueden hacer esto.',
  'nsfw.minor': 'El contenido para adultos solo está disponible para mayores de 18 años.',
  ...fieldLabels.es,
  ...featureTexts.es,
} as const;

export type MessageKey = keyof typeof es;

const en: Record<MessageKey, string> = {
  'error.default': 'Something went wrong. We have told our support team. Please try again.',
  'error.unavailable': 'Tertulia is unavailable right now. Please try again in a few seconds.',
  'login.required': 'Log in to continue',
  'login.failed': 'Wrong user name or password.',
  'rateLimit.tooMany': 'Too many attempts. Wait a few minutes and try again.',
  'forbidden.default': 'You are not allowed to do this.',
  'forbidden.origin': 'Request refused: it comes from another site.',
  'forbidden.admin': 'Only the Tertulia team can do this.',
  'notFound.default': 'We could not find what you are looking for.',
  'conflict.retry': 'Another request of yours changed this at the same moment. Try again.',
  'payload.tooLarge': 'The file or data you sent is too large.',
  'validation.required': '{field} is required.',
  'validation.invalid': '{field} is not valid.',
  'validation.tooLong': '{field} is too long.',
  'validation.tooShort': '{field} is too short.',
  'validation.tooSmall': '{field} is too small.',
  'validation.tooLarge': '{field} is too large.',
  'validation.oneOf': '{field} must be one of: {values}.',
  'validation.badInput': 'Some value you sent is not valid.',
  'validation.number': '{field} must be a number, written in digits only.',
  'upload.tooLarge': '{field} is too large: {mb} MB at most.',
  'upload.tooManyFiles': 'You sent too many files.',
  'upload.tooManyFields': 'You sent too many fields.',
  'upload.notAccepted': 'A file cannot be sent here.',
  'upload.fileExpected': '{field} must be a file.',
  'upload.malformed': 'What you sent arrived incomplete or damaged. Please try again.',
  'image.type': 'The image must be a JPEG, PNG, GIF or WebP file.',
  'image.dimensions': 'The image is too large: at most {maxSide} pixels a side and {megapixels} megapixels.',
  'image.unreadable': 'We could not read the image; it may be damaged.',
  'image.hiddenData': 'The image carries too much hidden data (text or colour profiles) to process.',
  'image.gifDimensions': 'The GIF is too large: {megapixels} megapixels at most.',
  'image.tooSlow': 'The image took too long to process; try a smaller one.',
  'image.busy': 'We are processing a lot of images right now. Try again in a few seconds.',
  'outbound.address': 'That address is not valid: it must be a public internet address.',
  'outbound.credentials': 'That address is not valid: it cannot include a user name or password.',
  'notFound.image': 'We could not find that image.',
  'notFound.album': 'We could not find that album.',
  'notFound.photo': 'We could not find that photo.',
  'video.unavailable': 'We cannot process videos right now. Please try again later.',
  'video.type': 'The video must be an MP4, WebM or MOV file.',
  'video.unreadable': 'We could not read the video; it may be damaged.',
  'video.tooLong': 'The video is too long: {minutes} minutes at most.',
  'video.dimensions': 'The video’s resolution is too large: {maxSide} pixels per side at most.',
  'video.notFound': 'We could not find that video.',
  'song.type': 'The song must be an audio file (MP3, AAC, Ogg, Opus, WAV, FLAC or WebM).',
  'song.unreadable': 'We could not read the song; it may be damaged.',
  'song.tooLong': 'The song is too long: {minutes} minutes at most.',
  'metrics.tokenRequired': 'Metrics need the METRICS_TOKEN token (Authorization: Bearer ...).',
  'session.notFound': 'That session is no longer open.',
  'verify.already': 'Your account is already verified.',
  'verify.badToken': 'The verification link is not valid or has expired.',
  'verify.required': 'Verify your account to continue.',
  'verify.mailSubject': 'Verify your Tertulia account',
  'verify.mailBody':
    'Hi {name},\n\nTo verify your Tertulia account open this link:\n{link}\n\nThe link expires in 48 hours. If this was not you, ignore this message.',
  'email.same': 'That is already your email address.',
  'email.badToken': 'The confirmation link is not valid or has expired.',
  'email.mailSubject': 'Confirm your new Tertulia email',
  'email.mailBody':
    'Hi {name},\n\nTo use this address for your Tertulia account open this link:\n{link}\n\nThe link expires in 48 hours. Until then we keep using your previous address. If this was not you, ignore this message.',
  'offline.notFound': 'We could not find that message.',
  'offline.permission': '{name} does not accept messages from you.',
  'voice.type': 'The recording must be a WAV, WebM, Ogg or MP3 audio file.',
  'voice.tooLarge': 'The recording is too large: {mb} MB at most.',
  'voice.notFound': 'We could not find that recording.',
  'ledger.insufficientFunds': 'You do not have enough gold for this. Buy more gold and try again.',
  'ledger.keyReused': 'That operation key was already used for a different operation.',
  'ledger.keyRequired':
    'The operation key is missing: without it we move no gold, gems or points, so nothing is charged twice. Try again from the page.',
  'gold.unknownPackage': 'Choose one of the gold packages of the shop.',
  'gold.paymentNotFound': 'We could not find that payment.',
  'gold.testProviderOnly': 'This payment is not a test payment.',
  'forbidden.staff': 'Only Tertulia moderators can do this.',
  'nsfw.minor': 'Adult content is only available to members aged 18 or over.',
  ...fieldLabels.en,
  ...featureTexts.en,
};

export const catalogs = { es, en } as const;
export type LocaleCode = keyof typeof catalogs;
export const LOCALES: { code: LocaleCode; name: string }[] = [
  { code: 'es', name: 'Español' },
  { code: 'en', name: 'English' },
];
export const DEFAULT_LOCALE: LocaleCode = 'es';

export function isLocale(value: unknown): value is LocaleCode {
  return value === 'es' || value === 'en';
}

/**
 * Localized label of a request field; unknown fields show their API name. A call whose field means
 * something else than usual (`name` of a room, not a member) has `field.<area>.<call>.<field>`.
 */
export function fieldLabel(locale: LocaleCode, field: string, call?: string): string {
  const specific = `field.${call}.${field}` as MessageKey;
  if (call && specific in es) return catalogs[locale][specific];
  const key = `field.${field}` as MessageKey;
  return key in es ? catalogs[locale][key] : field;
}

export function translate(
  locale: LocaleCode,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): string {
  const text: string = catalogs[locale][key] ?? catalogs.es[key];
  const out = text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
  // Field labels are lowercase inside Spanish sentences; one that opens a sentence is capitalized.
  // Other values (member names) stay exactly as they are.
  return text.startsWith('{field}') ? out.charAt(0).toUpperCase() + out.slice(1) : out;
}
