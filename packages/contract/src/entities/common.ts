import { Type } from '@sinclair/typebox';
import { User } from './user';

/** Shared building blocks of the entity files; not re-exported from the package. */
export const Opt = Type.Optional;

/** Times on the wire are epoch milliseconds (docs/architecture.md). */
export const EpochMs = (description = 'epoch ms') => Type.Integer({ description });

/** `likes` on likeable items: a few recent likers, for the faces beside likeCount. */
export const Likers = () => Type.Array(User, { description: 'recent likers; likeCount has the total' });
