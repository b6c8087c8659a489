import { type FormEvent, useEffect, useState } from 'react';
import {
  CLASS_BADGES,
  CLASS_LEVEL_LABELS,
  CLASS_LEVELS,
  CLASS_SORT_LABELS,
  CLASS_SORTS,
  CLASS_STATES,
  CLASS_TYPE_LABELS,
  CLASS_TYPES,
  type ClassFilterOptions,
  type ClassFilters as Filters,
} from '~/contract/classes';
import { CLASS_LIST_PATH, type ClassQuery, DEFAULT_CLASS_SORT, hasClassFilters } from '~/lib/catalogue/class-query';
import { type Choice, FilterSelect, listValue } from './FilterSelect';

interface Props {
  query: ClassQuery;
  options: ClassFilterOptions;
  /** A change of filters (the search as typed goes along); undefined removes a filter. */
  onApply(patch: Partial<Filters>): void;
  onClear(): void;
}

const choices = <T extends string>(values: readonly T[], label: (value: T) => string): Choice[] =>
  values.map((value) => ({ value, label: label(value) }));
const STATES = choices(CLASS_STATES, (state) => CLASS_BADGES[state].label);
const TYPES = choices(CLASS_TYPES, (type) => CLASS_TYPE_LABELS[type]);
const LEVELS = choices(CLASS_LEVELS, (level) => CLASS_LEVEL_LABELS[level]);
const SORTS = choices(CLASS_SORTS, (sort) => CLASS_SORT_LABELS[sort]);
const refs = (items: { id: number | string; name: string }[]): Choice[] =>
  items.map((item) => ({ value: String(item.id), label: item.name }));

/**
 * The filters of /Class (SPEC §3 "Class") as a plain GET form: without JavaScript it reloads /Class
 * with them (the server renders that list); with it, a choice applies at once and the search on
 * submit. Field names are the address's (class-query.ts).
 */
export function ClassFilters({ query, options, onApply, onClear }: Props) {
  const { filters } = query;
  const [search, setSearch] = useState(filters.search ?? '');
  // Back, forward or 'Hapus semua filter' change the search from outside: the field follows.
  useEffect(() => setSearch(filters.search ?? ''), [filters.search]);

  const apply = (patch: Partial<Filters>) => onApply({ search: search.trim() || undefined, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({});
  };
  const text = <T extends string>(value: string) => (value ? (value as T) : undefined);
  const ids = (value: string) => (value ? value.split(',').map(Number) : undefined);
  const cities = (value: string) => (value ? value.split(',') : undefined);

  return (
    <form className="class-filters" method="get" action={CLASS_LIST_PATH} aria-label="Filter kelas" onSubmit={submit}>
      <div className="class-filters__search">
        <label htmlFor="kelas-cari">Cari kelas</label>
        <input
          id="kelas-cari"
          type="search"
          name="search"
          maxLength={100}
          placeholder="Nama, kode, atau topik kelas"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <fieldset className="class-filters__group">
        <legend>Status dan jenis</legend>
        <div className="class-filters__fields">
          <FilterSelect
            id="kelas-status"
            name="state"
            label="Status"
            all="Semua status"
            choices={STATES}
            value={filters.state}
            onPick={(v) => apply({ state: text(v) })}
          />
          <FilterSelect
            id="kelas-jenis"
            name="type"
            label="Jenis kelas"
            all="Semua jenis"
            choices={TYPES}
            value={filters.type}
            onPick={(v) => apply({ type: text(v) })}
          />
          <FilterSelect
            id="kelas-level"
            name="level"
            label="Level"
            all="Semua level"
            choices={LEVELS}
            value={filters.level}
            onPick={(v) => apply({ level: text(v) })}
          />
        </div>
      </fieldset>
      <fieldset className="class-filters__group">
        <legend>Program dan kategori</legend>
        <div className="class-filters__fields">
          <FilterSelect
            id="kelas-program"
            name="program"
            label="Program"
            all="Semua program"
            choices={refs(options.programs)}
            value={listValue(filters.programIds)}
            onPick={(v) => apply({ programIds: ids(v) })}
          />
          <FilterSelect
            id="kelas-kategori"
            name="category"
            label="Kategori"
            all="Semua kategori"
            choices={refs(options.categories)}
            value={filters.categoryId ? String(filters.categoryId) : undefined}
            onPick={(v) => apply({ categoryId: ids(v)?.[0] })}
          />
        </div>
      </fieldset>
      <fieldset className="class-filters__group">
        <legend>Kota</legend>
        <div className="class-filters__fields">
          <FilterSelect
            id="kelas-kota-pelaksanaan"
            name="heldCity"
            label="Kota pelaksanaan"
            all="Semua kota"
            choices={refs(options.heldCities)}
            value={listValue(filters.heldCityIds)}
            onPick={(v) => apply({ heldCityIds: cities(v) })}
          />
          <FilterSelect
            id="kelas-kota-pendaftaran"
            name="registrarCity"
            label="Kota pendaftaran"
            all="Semua kota"
            choices={refs(options.registrarCities)}
            value={listValue(filters.registrarCityIds)}
            onPick={(v) => apply({ registrarCityIds: cities(v) })}
          />
        </div>
      </fieldset>
      <div className="class-filters__foot">
        <FilterSelect
          id="kelas-urutan"
          name="sort"
          label="Urutkan"
          choices={SORTS}
          value={filters.sort ?? DEFAULT_CLASS_SORT}
          onPick={(v) => apply({ sort: text(v) })}
        />
        <div className="class-filters__actions">
          <button className="btn btn--primary" type="submit">
            Terapkan filter
          </button>
          {hasClassFilters(filters) && (
            <a
              className="btn btn--ghost"
              href={CLASS_LIST_PATH}
              onClick={(event) => {
                event.preventDefault();
                onClear();
              }}
            >
              Atur ulang
            </a>
          )}
        </div>
      </div>
    </form>
  );
}
