/**
 * The header menu: the mobile slide-out panel and the About dropdown.
 * Shipped as the site's only script besides the widgets. Without it the
 * noscript stylesheet lays the menu out inline.
 */

const DESKTOP_QUERY = "(min-width: 64rem)";

const FOCUSABLE = "a[href], button:not([disabled])";

function setupMobileMenu(header: HTMLElement): void {
  const toggle = header.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const panel = header.querySelector<HTMLElement>("[data-menu-panel]");
  if (!toggle || !panel) return;
  const desktop = window.matchMedia(DESKTOP_QUERY);

  const isOpen = () => toggle.getAttribute("aria-expanded") === "true";
  const setOpen = (open: boolean, { restoreFocus = false } = {}) => {
    toggle.setAttribute("aria-expanded", String(open));
    header.classList.toggle("menu-open", open);
    document.body.classList.toggle("menu-locked", open);
    if (open) panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    else if (restoreFocus) toggle.focus();
  };

  toggle.addEventListener("click", () => setOpen(!isOpen()));

  // A tapped link closes the panel (the page may only change its hash).
  panel.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a") && isOpen()) setOpen(false);
  });

  document.addEventListener("keydown", (event) => {
    if (!isOpen()) return;
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false, { restoreFocus: true });
      return;
    }
    if (event.key !== "Tab") return;
    // Keep focus inside the open panel and its toggle.
    const items = [toggle, ...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === toggle);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  // A click outside the header closes the panel.
  document.addEventListener("click", (event) => {
    if (isOpen() && !header.contains(event.target as Node)) setOpen(false);
  });

  // Growing to the desktop layout leaves no panel to close.
  desktop.addEventListener("change", () => {
    if (desktop.matches && isOpen()) setOpen(false);
  });
}

function setupDropdowns(header: HTMLElement): void {
  for (const item of header.querySelectorAll<HTMLElement>("[data-dropdown]")) {
    const button = item.querySelector<HTMLButtonElement>("[data-dropdown-toggle]");
    if (!button) continue;
    const setOpen = (open: boolean) => button.setAttribute("aria-expanded", String(open));
    button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
    item.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
        event.stopPropagation();
        setOpen(false);
        button.focus();
      }
    });
    item.addEventListener("focusout", (event) => {
      if (!item.contains(event.relatedTarget as Node | null)) setOpen(false);
    });
    document.addEventListener("click", (event) => {
      if (!item.contains(event.target as Node)) setOpen(false);
    });
  }
}

function init(): void {
  const header = document.querySelector<HTMLElement>("[data-site-header]");
  if (!header) return;
  header.classList.add("has-menu-script");
  setupMobileMenu(header);
  setupDropdowns(header);
}

init();
