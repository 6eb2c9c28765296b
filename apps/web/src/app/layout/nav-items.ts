import { paths } from '@/config/paths';
import { useSession } from '@/lib/use-session';

export interface NavItem {
  label: string;
  to: string;
  /** Match the path exactly (Home would otherwise be active everywhere). */
  end?: boolean;
}

/** docs/product.md §2: always Home, About Us, User Guide; signed in adds Memoriams and Your Legacy; sponsors add Add Rip. */
export function useNavItems(): NavItem[] {
  const { isAuthenticated, isSponsor } = useSession();
  const items: NavItem[] = [
    { label: 'Home', to: paths.home.href(), end: true },
    { label: 'About Us', to: paths.aboutUs.href() },
    { label: 'User Guide', to: paths.userGuide.href() },
  ];
  if (isAuthenticated) {
    items.push(
      { label: 'Memoriams', to: paths.memoriams.href() },
      { label: 'Your Legacy', to: paths.lifeLegacy.href() },
    );
  }
  if (isSponsor) items.push({ label: 'Add Rip', to: paths.createPost.href() });
  return items;
}
