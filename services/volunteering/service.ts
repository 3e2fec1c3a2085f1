import { defineService } from '@giving/shared/manifest';

/** volunteering: no routes yet (see DESIGN.md §1 for what it will own). */
export default defineService({ service: 'volunteering' });
