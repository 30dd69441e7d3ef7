import type { coreEs } from './core.es';

/** English texts of the group settings, the tips and "new" notes, and the profile style. */
export const coreEn: Record<keyof typeof coreEs, string> = {
  'group.settings': 'Group settings',
  'group.name': 'Group name',
  'group.readOnly': 'Read only: only you can write',
  'group.allowInvite': 'Others may invite more people',
  'group.save': 'Save',
  'group.saved': 'Group updated',
  'group.needName': 'Type a name for the group.',
  'group.ownerWrites': 'Read only: the others cannot write.',
  'tip.imHeader': 'Your conversations live here. Tap to open the latest.',
  'tip.friends': 'Find your friends and see who is online.',
  'tip.dismiss': 'Got it',
  'whatsNew.groups': 'New: you can now rename your groups and make them read only.',
  'whatsNew.profileStyle': 'New: choose the font and background of your profile.',
  'edit.removePhone': 'Erase the saved phone number',
  'profileStyle.title': 'Profile style',
  'profileStyle.font': 'Profile font',
  'profileStyle.fontDefault': 'Default',
  'profileStyle.noBackground': 'No background photo. Upload one with “Change background” on your profile.',
  'profileStyle.repeat': 'Repeat the background photo as tiles',
  'profileStyle.remove': 'Remove the background',
};
