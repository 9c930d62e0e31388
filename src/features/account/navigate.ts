/** Leaves for another page of the site (kept apart so component tests can watch it). */
export function navigate(path: string): void {
  window.location.assign(path);
}
