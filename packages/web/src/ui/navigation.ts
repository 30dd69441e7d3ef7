/**
 * In-app navigation for code outside React (error handler, push dispatcher). The app registers
 * the router's navigate; until then, a full page load does the job.
 */
let navigateImpl: (href: string) => void = (href) => window.location.assign(href);

export function setNavigator(navigate: (href: string) => void): void {
  navigateImpl = navigate;
}

export function navigateTo(href: string): void {
  navigateImpl(href);
}
