import { DEFAULT_ERROR_TEXT } from '@tertulia/contract';

/** Server texts, Spanish first. Every key exists in both catalogs (a test checks). */
const es = {
  'error.default': DEFAULT_ERROR_TEXT,
  'login.required': 'Inicia sesión para continuar',
  'login.failed': 'Nombre de usuario o contraseña incorrectos.',
  'rateLimit.tooMany': 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  'forbidden.default': 'No tienes permiso para hacer esto.',
  'forbidden.origin': 'Solicitud rechazada: viene de otro sitio.',
  'forbidden.admin': 'Solo el equipo de Tertulia puede hacer esto.',
  'notFound.default': 'No encontramos lo que buscas.',
  'payload.tooLarge': 'El archivo o los datos enviados son demasiado grandes.',
  'validation.required': 'Falta {field}.',
  'validation.invalid': '{field} no es válido.',
  'validation.tooLong': '{field} es demasiado largo.',
  'validation.tooShort': '{field} es demasiado corto.',
  'validation.tooSmall': '{field} es demasiado pequeño.',
  'validation.tooLarge': '{field} es demasiado grande.',
  'validation.oneOf': '{field} debe ser uno de: {values}.',
  'account.nameFormat': 'El nombre de usuario debe tener de 3 a 20 caracteres: letras, números, _ o punto.',
  'account.nameTaken': 'Ese nombre de usuario ya está en uso. Prueba con otro.',
  'account.passwordShort': 'La contraseña debe tener al menos 8 caracteres.',
  'account.birthdayInvalid': 'La fecha de nacimiento no es válida.',
  'account.underage': 'Debes tener 18 años o más para unirte a Tertulia.',
  'account.emailInvalid': 'El correo electrónico no es válido.',
  'account.genderInvalid': 'Elige hombre (m) o mujer (f).',
  'image.type': 'La imagen debe ser un archivo JPEG, PNG, GIF o WebP.',
  'image.dimensions': 'La imagen es demasiado grande: como máximo {maxSide} píxeles por lado y {megapixels} megapíxeles.',
  'image.unreadable': 'No pudimos leer la imagen; puede que esté dañada.',
  'notFound.image': 'No encontramos esa imagen.',
  'notFound.album': 'No encontramos ese álbum.',
  'notFound.photo': 'No encontramos esa foto.',
  'field.image': 'la imagen',
  'field.rotate': 'el giro',
  'field.albumId': 'el álbum',
  'field.albumName': 'el nombre del álbum',
  'field.caption': 'el pie de foto',
  'field.setProfilePic': 'la opción de foto de perfil',
  'field.setBgImage': 'la opción de imagen de fondo',
  'field.repeat': 'la opción de repetir',
  'field.w': 'el ancho',
  'field.crop': 'el recorte',
  'field.blur': 'el desenfoque',
  'field.q': 'la calidad',
  'field.name': 'el nombre de usuario',
  'field.password': 'la contraseña',
  'field.email': 'el correo electrónico',
  'field.gender': 'el sexo',
  'field.birthdayYear': 'el año de nacimiento',
  'field.birthdayMonth': 'el mes de nacimiento',
  'field.birthdayDay': 'el día de nacimiento',
  'field.locale': 'el idioma',
  'field.status': 'el estado',
  'field.message': 'el mensaje',
  'field.takenUserName': 'el nombre de usuario',
  'field.page': 'la página',
  'field.limit': 'el límite',
  'field.fields': 'los campos',
  'field.body': 'los datos enviados',
  'field.params': 'los datos enviados',
} as const;

export type MessageKey = keyof typeof es;

const en: Record<MessageKey, string> = {
  'error.default': 'Something went wrong. We have told our support team. Please try again.',
  'login.required': 'Log in to continue',
  'login.failed': 'Wrong user name or password.',
  'rateLimit.tooMany': 'Too many attempts. Wait a few minutes and try again.',
  'forbidden.default': 'You are not allowed to do this.',
  'forbidden.origin': 'Request refused: it comes from another site.',
  'forbidden.admin': 'Only the Tertulia team can do this.',
  'notFound.default': 'We could not find what you are looking for.',
  'payload.tooLarge': 'The file or data you sent is too large.',
  'validation.required': '{field} is required.',
  'validation.invalid': '{field} is not valid.',
  'validation.tooLong': '{field} is too long.',
  'validation.tooShort': '{field} is too short.',
  'validation.tooSmall': '{field} is too small.',
  'validation.tooLarge': '{field} is too large.',
  'validation.oneOf': '{field} must be one of: {values}.',
  'account.nameFormat': 'User names have 3 to 20 characters: letters, digits, _ or dot.',
  'account.nameTaken': 'That user name is taken. Try another one.',
  'account.passwordShort': 'Passwords have at least 8 characters.',
  'account.birthdayInvalid': 'That birthday is not a valid date.',
  'account.underage': 'You must be 18 or older to join Tertulia.',
  'account.emailInvalid': 'That email address is not valid.',
  'account.genderInvalid': 'Choose male (m) or female (f).',
  'image.type': 'The image must be a JPEG, PNG, GIF or WebP file.',
  'image.dimensions': 'The image is too large: at most {maxSide} pixels a side and {megapixels} megapixels.',
  'image.unreadable': 'We could not read the image; it may be damaged.',
  'notFound.image': 'We could not find that image.',
  'notFound.album': 'We could not find that album.',
  'notFound.photo': 'We could not find that photo.',
  'field.image': 'Image',
  'field.rotate': 'Rotation',
  'field.albumId': 'Album',
  'field.albumName': 'Album name',
  'field.caption': 'Caption',
  'field.setProfilePic': 'Profile picture option',
  'field.setBgImage': 'Background image option',
  'field.repeat': 'Repeat option',
  'field.w': 'Width',
  'field.crop': 'Crop',
  'field.blur': 'Blur',
  'field.q': 'Quality',
  'field.name': 'User name',
  'field.password': 'Password',
  'field.email': 'Email',
  'field.gender': 'Gender',
  'field.birthdayYear': 'Birth year',
  'field.birthdayMonth': 'Birth month',
  'field.birthdayDay': 'Birth day',
  'field.locale': 'Language',
  'field.status': 'Status',
  'field.message': 'Message',
  'field.takenUserName': 'User name',
  'field.page': 'Page',
  'field.limit': 'Limit',
  'field.fields': 'Fields',
  'field.body': 'The data sent',
  'field.params': 'The data sent',
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

/** Localized label of a request field; unknown fields show their API name. */
export function fieldLabel(locale: LocaleCode, field: string): string {
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
  // Field labels start lowercase inside Spanish sentences; a sentence starts uppercase.
  return out.charAt(0).toUpperCase() + out.slice(1);
}
