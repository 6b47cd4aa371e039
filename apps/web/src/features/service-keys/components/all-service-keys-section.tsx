import { KeyRoundIcon } from 'lucide-react';
import { SearchableList, SearchableListSkeleton, type SearchableListTexts } from '@/components/searchable-list';
import type { ListScreenProps, TextSearch } from '@/lib/list-route';
import { useListPage } from '@/lib/use-list-page';
import { allServiceKeysPageQueryOptions } from '../api/get-all-service-keys';
import { AllServiceKeysTable } from './all-service-keys-table';

const serviceKeysList: SearchableListTexts = {
  label: 'Service keys',
  searchPlaceholder: "Key name or owner's email",
  empty: {
    icon: KeyRoundIcon,
    title: 'No service keys',
    text: 'Keys appear here once users create them on their profile.',
  },
};

/** Every user's working service keys, for system administrators (docs/decisions/0077). */
export function AllServiceKeysSection(listScreen: ListScreenProps<TextSearch>) {
  const { allServiceKeys } = useListPage(allServiceKeysPageQueryOptions, listScreen.search);
  return (
    <section aria-labelledby="service-keys-heading">
      <SearchableList
        {...listScreen}
        {...serviceKeysList}
        header={<AllServiceKeysHeading />}
        connection={allServiceKeys}
      >
        {(serviceKeys) => <AllServiceKeysTable serviceKeys={serviceKeys} />}
      </SearchableList>
    </section>
  );
}

export function AllServiceKeysSectionSkeleton() {
  return <SearchableListSkeleton header={<AllServiceKeysHeading />} />;
}

function AllServiceKeysHeading() {
  return (
    <div className="mb-4 grid gap-1">
      <h2 id="service-keys-heading" className="text-lg font-semibold">
        Service keys
      </h2>
      <p className="text-sm text-muted-foreground">
        Keys that still work, newest first. Revoke one and it stops working with its next call.
      </p>
    </div>
  );
}
