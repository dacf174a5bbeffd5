import { useEffect, useRef, useState } from "react";
import type { Site } from "../../domain/site";
import { setSessionLostHandler } from "./api/client";
import { chooseSite, currentSite, useCurrentSite, useSitesVersion, workingSite } from "./current-site";
import { staffApi, type Session } from "./api/staff-api";
import { Notice } from "./components/Notice";
import { ScreenHeading } from "./components/ScreenHeading";
import { SiteSwitcher } from "./components/SiteSwitcher";
import { organisationName } from "./organisation";
import { BASE, Link, matchRoute, usePath, type Route } from "./router";
import { Accounts } from "./screens/Accounts";
import { Embed } from "./screens/Embed";
import { History } from "./screens/History";
import { Inventory } from "./screens/Inventory";
import { InventorySources } from "./screens/InventorySources";
import { Leads, OneLead } from "./screens/Leads";
import { Origins } from "./screens/Origins";
import { Rentals } from "./screens/Rentals";
import { Sites } from "./screens/Sites";
import { ChooseNewPassword, SignIn } from "./screens/SignIn";
import { VehicleEditor } from "./screens/VehicleEditor";
import { errorMessage } from "./error-message";

/**
 * A hint, kept in this browser, that an account signed in here. Without it the
 * console shows the sign-in form at once instead of asking the server (whose
 * 401 the browser would log as an error on every visit). The server's session
 * remains the only authority: with the hint, it is asked.
 */
const SIGNED_IN_HINT = "gc-staff-signed-in";
const hint = {
  get: () => localStorage.getItem(SIGNED_IN_HINT) === "1",
  set: (on: boolean) => (on ? localStorage.setItem(SIGNED_IN_HINT, "1") : localStorage.removeItem(SIGNED_IN_HINT)),
};

/** Signed in, or was: an expired session keeps the screen (and what is typed in it) under a sign-in dialog. */
type SessionState = { state: "checking" } | { state: "signed-out"; note: string | null } | { state: "signed-in"; session: Session; expired?: boolean };

/** `ownerOnly`: an organisation owner's; `anyOwner`: any owner's, of the organisation or of sites. */
const NAV: { href: string; label: string; screens: Route["screen"][]; ownerOnly?: boolean; anyOwner?: boolean; organisationOnly?: boolean }[] = [
  { href: BASE, label: "Inventory", screens: ["inventory", "edit-vehicle"] },
  { href: `${BASE}/vehicles/new`, label: "Add a vehicle", screens: ["new-vehicle"] },
  { href: `${BASE}/leads`, label: "Leads", screens: ["leads", "lead"] },
  { href: `${BASE}/rentals`, label: "Rentals", screens: ["rentals"] },
  { href: `${BASE}/embed`, label: "Embed", screens: ["embed"] },
  { href: `${BASE}/history`, label: "History", screens: ["history"] },
  { href: `${BASE}/accounts`, label: "Accounts", screens: ["accounts"], ownerOnly: true },
  { href: `${BASE}/origins`, label: "Partner origins", screens: ["origins"], ownerOnly: true },
  { href: `${BASE}/inventory-sources`, label: "Inventory sources", screens: ["inventory-sources"], anyOwner: true },
  { href: `${BASE}/sites`, label: "Sites", screens: ["sites"], ownerOnly: true, organisationOnly: true },
];

/** An owner of the whole organisation (not scoped to sites): manages sites, accounts and partner origins. */
const organisationOwner = (session: Session) => session.role === "owner" && !session.sites;

/** The screens that change one site's things: they work on the working site (current-site.ts) and name it. */
const PER_SITE: readonly Route["screen"][] = ["origins", "embed", "rentals"];

/** The sites the account may act on: loading (null), read, or not read (the failure, in words). */
type AccountSites = null | { list: Site[] } | { failure: string };

function Screen({ route, session, sites, site }: { route: Route; session: Session; sites: AccountSites; site: Site | undefined }) {
  const owner = organisationOwner(session);
  if (PER_SITE.includes(route.screen) && !site && (route.screen !== "origins" || owner)) {
    if (sites && "failure" in sites) return <Notice tone="error">Could not load your sites: {sites.failure}</Notice>;
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  }
  const switchable = sites !== null && "list" in sites && sites.list.length > 1;
  switch (route.screen) {
    case "inventory":
      return <Inventory />;
    case "new-vehicle":
      return <VehicleEditor id={null} />;
    case "edit-vehicle":
      return <VehicleEditor key={route.id} id={route.id} />;
    case "history":
      return <History />;
    case "leads":
      return <Leads leadMail={session.leadMail} me={session.email} />;
    case "lead":
      return <OneLead key={route.id} id={route.id} leadMail={session.leadMail} me={session.email} />;
    case "embed":
      return <Embed owner={owner} site={site!} switchable={switchable} />;
    case "rentals":
      return <Rentals owner={session.role === "owner"} site={site!} switchable={switchable} />;
    case "inventory-sources":
      if (session.role !== "owner")
        return (
          <>
            <ScreenHeading title="Owners only" />
            <Notice tone="error">Only an owner can manage the inventory sources.</Notice>
          </>
        );
      if (!sites)
        return (
          <p className="muted" role="status">
            Loading…
          </p>
        );
      if ("failure" in sites) return <Notice tone="error">Could not load your sites: {sites.failure}</Notice>;
      return <InventorySources sites={sites.list} organisation={owner} />;
    case "accounts":
    case "origins":
    case "sites":
      if (!owner) return <Forbidden />;
      return route.screen === "accounts" ? (
        <Accounts me={session.email} />
      ) : route.screen === "origins" ? (
        <Origins site={site!} switchable={switchable} />
      ) : (
        <Sites />
      );
    default:
      return (
        <>
          <ScreenHeading title="Not found" />
          <p>
            There is no such screen. <Link href={BASE}>Go to the inventory</Link>
          </p>
        </>
      );
  }
}

function Forbidden() {
  return (
    <>
      <ScreenHeading title="Owners only" />
      <Notice tone="error">Only an owner of the whole organisation can manage sites, accounts and partner origins.</Notice>
    </>
  );
}

/** A modal sign-in over the screen whose session ended, so nothing typed there is lost. */
function SignInAgain({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="sign-in-again" onCancel={(event) => event.preventDefault()}>
      <SignIn onSignedIn={onSignedIn} headingId="sign-in-again" note="Your session has ended. Sign in again to go on: what you typed is still there." />
    </dialog>
  );
}

/** The staff console: sign-in, then the screens of the signed-in account's role. */
export function App() {
  const [session, setSession] = useState<SessionState>({ state: "checking" });
  const route = matchRoute(usePath());
  // A screen starts again on the site the switcher chose.
  const chosen = useCurrentSite();
  const sitesVersion = useSitesVersion();
  const [sites, setSites] = useState<AccountSites>(null);
  const working = session.state === "signed-in" && !session.session.mustChangePassword;
  // The account's sites, for the header and the pages that work on one (read again when the Sites page changes them).
  useEffect(() => {
    if (!working) return;
    let live = true;
    staffApi.sites().then(
      ({ sites: list }) => {
        if (!live) return;
        setSites({ list });
        const now = currentSite();
        if (now && !list.some((s) => s.id === now)) chooseSite("");
      },
      (err: unknown) => live && setSites({ failure: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [working, sitesVersion]);
  const site = sites && "list" in sites ? workingSite(sites.list, chosen, location.host) : undefined;
  const organisation = organisationName();

  useEffect(() => {
    setSessionLostHandler(() => {
      hint.set(false);
      setSession((now) =>
        now.state === "signed-in" ? { ...now, expired: true } : { state: "signed-out", note: "Your session has ended. Sign in again to go on." },
      );
    });
    if (!hint.get()) {
      setSession({ state: "signed-out", note: null });
      return;
    }
    staffApi.session().then(
      (s) => {
        hint.set(s !== null);
        setSession(s ? { state: "signed-in", session: s } : { state: "signed-out", note: null });
      },
      () => setSession({ state: "signed-out", note: "Could not reach the server. Try again in a moment." }),
    );
  }, []);

  const signedIn = (s: Session) => {
    hint.set(true);
    setSession({ state: "signed-in", session: s });
  };

  const signOut = async () => {
    hint.set(false);
    try {
      await staffApi.signOut();
      setSession({ state: "signed-out", note: "You have signed out." });
    } catch (err) {
      setSession({ state: "signed-out", note: `Signed out here; the server said: ${errorMessage(err)}` });
    }
  };

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <div className="container top__bar">
          <p className="top__brand">
            {organisation ? (
              <>
                {organisation} <span className="top__tag">Staff</span>
              </>
            ) : (
              "Staff console"
            )}
          </p>
          {session.state === "signed-in" && (
            <div className="top__account">
              {working && sites && "list" in sites && (
                <SiteSwitcher sites={sites.list} chosen={chosen} working={site} perSite={PER_SITE.includes(route.screen)} organisation={organisation} />
              )}
              <span className="top__email">{session.session.email}</span>
              <button type="button" className="btn btn--small btn--on-dark" onClick={() => void signOut()}>
                Sign out
              </button>
            </div>
          )}
        </div>
        {session.state === "signed-in" && !session.session.mustChangePassword && (
          <nav aria-label="Console" className="container top__nav">
            <ul>
              {NAV.filter((item) => (!item.ownerOnly || organisationOwner(session.session)) && (!item.anyOwner || session.session.role === "owner")).map(
                (item) => (
                  <li key={item.href}>
                    <Link href={item.href} aria-current={item.screens.includes(route.screen) ? "page" : undefined}>
                      {item.label}
                    </Link>
                  </li>
                ),
              )}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="container" tabIndex={-1}>
        {session.state === "checking" && (
          <p className="muted" role="status">
            Loading…
          </p>
        )}
        {session.state === "signed-out" && <SignIn note={session.note} onSignedIn={signedIn} />}
        {session.state === "signed-in" &&
          (session.session.mustChangePassword ? (
            <ChooseNewPassword email={session.session.email} onChosen={signedIn} />
          ) : (
            <Screen key={chosen} route={route} session={session.session} sites={sites} site={site} />
          ))}
      </main>
      {session.state === "signed-in" && session.expired && <SignInAgain onSignedIn={signedIn} />}
    </>
  );
}
