/** Spanish texts of the feed feature, spread into the main catalog (es.ts). Keys start with 'feed.'. */
export const feedEs = {
  'feed.title': 'Novedades',
};
