/** The core routes of spec §2, with a title fragment and the main heading of each: the pages every site-wide test visits. */
export const CORE_ROUTES = [
  { path: "/", title: /Sussex County/, h1: /Electric golf carts/ },
  { path: "/inventory", title: /Inventory/, h1: /Our inventory/ },
  { path: "/rentals", title: /Rentals/, h1: /rentals/i },
  { path: "/services", title: /Service/, h1: /Service/ },
  { path: "/about", title: /About Us/, h1: /Local carts/ },
  { path: "/denago", title: /Denago/, h1: /Denago/ },
  { path: "/evolution", title: /Evolution/, h1: /Evolution/ },
  { path: "/showroom", title: /Showroom/, h1: /showroom/i },
  { path: "/eco-impact", title: /Eco-Impact Calculator/, h1: /going electric/ },
  { path: "/contact", title: /Contact Us/, h1: /Contact us/ },
  { path: "/thank-you", title: /Thank You/, h1: /Thank you/ },
] as const;

export const CORE_PATHS = CORE_ROUTES.map((r) => r.path);
