/**
 * The fixed site header: the SiteHeader island (templates/islands/SiteHeader.tsx),
 * rendered in full on the server and hydrated in the browser. Every text and link
 * comes from content/site.json (header, links.calendar) and the page (header, demoTitle).
 */
import { useRender } from "../context.ts";
import SiteHeader from "../islands/SiteHeader.tsx";
import { Island } from "../ui/Island.tsx";

export function Header() {
  const { site, page } = useRender();
  const { header } = site;
  return (
    <Island
      name="SiteHeader"
      component={SiteHeader}
      props={{
        brand: site.brand,
        nav: header.nav,
        login: header.login,
        loginLabel: header.loginLabel ?? "Login",
        menuLabel: header.menuLabel,
        labels: site.labels,
        demoLabel: header.demoLabel,
        demoHref: site.links.calendar,
        demoTitle: page.demoTitle ?? site.dialogs.demo.title,
        variant: page.header ?? "solid",
      }}
    />
  );
}
