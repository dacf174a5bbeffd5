/** gc-widgets.js: all five elements in one script. Each registers itself on import; a second copy is harmless. */
import "./inventory/index";
import "./vehicle-detail/index";
import "./rental-pricing/index";
import "./eco-calculator/index";
import "./contact-form/index";
