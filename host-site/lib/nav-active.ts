/**
 * The navigation's active-item rule (spec §2 "Global"): Home is active only on exactly
 * "/"; every other item is active on its own path and anything below it.
 */
export function isActivePath(itemPath: string, currentPath: string): boolean {
  if (itemPath === "/") return currentPath === "/";
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
