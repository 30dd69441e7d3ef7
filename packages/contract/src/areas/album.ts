import { Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { Photo } from '../entities/photos';
import { Bool, FileParam, Id } from '../params';

export const uploadPhoto = endpoint({
  area: 'album',
  call: 'uploadPhoto',
  method: 'POST',
  multipart: true,
  summary: 'Upload a photo (JPEG, PNG, GIF or WebP by content), optionally as profile picture or background',
  auth: 'member',
  errors: ['ApiPayloadTooLargeException'],
  params: Type.Object({
    image: FileParam('the image file'),
    albumId: Type.Optional(Id()),
    albumName: Type.Optional(Type.String({ maxLength: 60 })),
    caption: Type.Optional(Type.String({ maxLength: 500 })),
    setProfilePic: Type.Optional(Bool({ default: false })),
    setBgImage: Type.Optional(Bool({ default: false })),
    rotate: Type.Optional(Type.Integer({ description: 'degrees clockwise: 0, 90, 180, 270' })),
  }),
  result: { name: 'Photo', schema: Photo },
});
