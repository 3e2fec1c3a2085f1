import { StatusPage } from '../../../components/ui/status-page';

/** An address inside a console that has no screen (yet). */
export function ScreenNotFound() {
  return <StatusPage code="404" title="Page not found" headingLevel={2} lead="This page doesn’t exist in this console. Choose a page from the menu." />;
}
