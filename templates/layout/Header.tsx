/**
 * The fixed site header: the SiteHeader island (templates/islands/SiteHeader.tsx),
 * rendered in full on the server and hydrated in the browser. Every text and link
 * comes from content/site.json (header, links.calendar) and the page (header, demoTitle).
 */
import { useRender } from "../context.ts";
import SiteHeader from "../islands/SiteHeader.tsx";
import { Island } from "json-site/api";

export function Header() {
  const { site, page } = useRender();
  const { header, labels } = site;
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
        // Only the texts the header uses: its props are serialized into every page.
        labels: { newTab: labels.newTab, hiring: labels.hiring, closeMenu: labels.closeMenu, mainNav: labels.mainNav, mobileNav: labels.mobileNav },
        demoLabel: header.demoLabel,
        demoHref: site.links.calendar,
        demoTitle: page.demoTitle ?? site.dialogs.demo.title,
        variant: page.header ?? "solid",
      }}
    />
  );
}
