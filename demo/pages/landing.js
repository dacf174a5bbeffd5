// The landing page's event log: what a partner page hears from <gc-contact-form>.
const log = document.getElementById("event-log");

function record(event) {
  log.querySelector(".empty")?.remove();
  const item = document.createElement("li");
  item.dataset.event = event.type;
  item.textContent = `${event.type} ${JSON.stringify(event.detail)}`;
  log.append(item);
}

for (const type of ["gc-contact-submitted", "gc-error"]) document.addEventListener(type, record);
