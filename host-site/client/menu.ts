/**
 * The header menu: the mobile slide-out panel and the About dropdown; and the
 * floating call button's stepping aside. Shipped as the site's only script
 * besides the widgets. Without it the noscript stylesheet lays the menu out
 * inline, and the floating call button always shows.
 */

const DESKTOP_QUERY = "(min-width: 64rem)";

const FOCUSABLE = "a[href], button:not([disabled])";

/** How long a mouse rests on a dropdown's toggle before its menu opens, so a pointer passing over it opens nothing (spec §9). */
const OPEN_DELAY_MS = 100;
/** How long a menu the mouse opened stays open after the mouse leaves, so a slanted path to its items keeps it (spec §9). */
const POINTER_GRACE_MS = 300;
/** How long the letters typed in an open menu add up to one search for an item, before the next starts afresh (spec §9). */
const TYPEAHEAD_RESET_MS = 1000;

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

  // A click outside the panel closes it: on the page, or on the dimmed backdrop, which the header draws (its ::after).
  document.addEventListener("click", (event) => {
    const target = event.target as Node;
    if (isOpen() && !panel.contains(target) && !toggle.contains(target)) setOpen(false);
  });

  // Growing to the desktop layout leaves no panel to close.
  desktop.addEventListener("change", () => {
    if (desktop.matches && isOpen()) setOpen(false);
  });
}

function setupDropdowns(header: HTMLElement): void {
  const desktop = window.matchMedia(DESKTOP_QUERY);
  for (const item of header.querySelectorAll<HTMLElement>("[data-dropdown]")) {
    const button = item.querySelector<HTMLButtonElement>("[data-dropdown-toggle]");
    if (!button) continue;
    let openTimer: ReturnType<typeof setTimeout> | undefined;
    let closeTimer: ReturnType<typeof setTimeout> | undefined;
    // Opened by the mouse resting on it: it closes when the mouse leaves. Opened by a click or a key: it stays.
    let byHover = false;
    const isOpen = () => button.getAttribute("aria-expanded") === "true";
    const setOpen = (open: boolean) => {
      clearTimeout(openTimer);
      clearTimeout(closeTimer);
      if (!open) byHover = false;
      button.setAttribute("aria-expanded", String(open));
    };
    button.addEventListener("click", () => {
      if (isOpen() && byHover) byHover = false;
      else setOpen(!isOpen());
    });

    item.addEventListener("pointerenter", (event) => {
      if (event.pointerType !== "mouse" || !desktop.matches) return;
      clearTimeout(closeTimer);
      if (isOpen()) return;
      openTimer = setTimeout(() => {
        setOpen(true);
        byHover = true;
      }, OPEN_DELAY_MS);
    });
    item.addEventListener("pointerleave", (event) => {
      if (event.pointerType !== "mouse") return;
      clearTimeout(openTimer);
      if (isOpen() && byHover) closeTimer = setTimeout(() => setOpen(false), POINTER_GRACE_MS);
    });

    // Type-ahead: letters typed in the open menu move focus to the first item that starts with them.
    let typed = "";
    let typedTimer: ReturnType<typeof setTimeout> | undefined;
    item.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && isOpen()) {
        event.stopPropagation();
        setOpen(false);
        button.focus();
        return;
      }
      if (!isOpen() || event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || event.key === " ") return;
      clearTimeout(typedTimer);
      typedTimer = setTimeout(() => (typed = ""), TYPEAHEAD_RESET_MS);
      typed += event.key.toLowerCase();
      const links = [...item.querySelectorAll<HTMLAnchorElement>(".dropdown-menu a[href]")];
      const current = links.indexOf(document.activeElement as HTMLAnchorElement);
      // The same letter again moves on to the next item with it, as in a native menu.
      const repeated = [...typed].every((c) => c === typed[0]);
      const search = repeated ? typed[0]! : typed;
      const start = repeated ? current + 1 : Math.max(current, 0);
      const ordered = [...links.slice(start), ...links.slice(0, start)];
      const match = ordered.find((a) => a.textContent!.trim().toLowerCase().startsWith(search));
      if (match) {
        event.preventDefault();
        match.focus();
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

/**
 * The floating call button steps aside while a call button of the page's banner is in view: the visitor has one to
 * tap already, and the floating one would sit on the first screen's content (the home page's figures on a phone).
 */
function setupFloatingCall(): void {
  const floating = document.querySelector<HTMLElement>(".floating-call");
  const calls = document.querySelectorAll<HTMLElement>('.hero a[href^="tel:"]');
  if (!floating || !calls.length || !("IntersectionObserver" in window)) return;
  const inView = new Set<Element>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) inView.add(entry.target);
      else inView.delete(entry.target);
    }
    floating.classList.toggle("floating-call--aside", inView.size > 0);
  });
  for (const call of calls) observer.observe(call);
}

function init(): void {
  setupFloatingCall();
  const header = document.querySelector<HTMLElement>("[data-site-header]");
  if (!header) return;
  header.classList.add("has-menu-script");
  setupMobileMenu(header);
  setupDropdowns(header);
}

init();
