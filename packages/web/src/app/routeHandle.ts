/** Route handle flags read by the shell (set on page routes in router.tsx). */
export interface RouteHandle {
  /** No side ad columns on this page. */
  adFree?: boolean;
}
