/** Enumerations: Search. */
/** AdvancedSearchFields.sortBy: the API names the orders, the spelling is ours. */
export const SearchSortBy = {
  LAST_ACCESS_DESC: 'LAST_ACCESS_DESC',
  LAST_UPDATE_DESC: 'LAST_UPDATE_DESC',
  NAME_ASC: 'NAME_ASC',
} as const;
export type SearchSortBy = (typeof SearchSortBy)[keyof typeof SearchSortBy];
