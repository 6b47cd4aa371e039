import { builder } from '../../graphql/builder.js';
import { nullable } from '../../graphql/field-options.js';
import { lookUpSiteInfo, type SiteInfo, siteInfoRateLimit } from './site-info.service.js';

const SiteInfoType = builder.objectRef<SiteInfo>('SiteInfo').implement({
  description: 'What a web page says about itself, as plain text.',
  fields: (t) => ({
    title: t.exposeString('title', nullable('At most 200 characters.')),
    faviconUrl: t.exposeString('faviconUrl', nullable('An http(s) URL.')),
  }),
});

builder.queryField('siteInfo', (t) =>
  t.field({
    type: SiteInfoType,
    description: 'Title and icon of a public http(s) page, fetched by the server (5 s, 1 MiB, 3 redirects).',
    args: {
      url: t.arg.string({
        required: true,
        description: 'The page: http:// or https:// on a public address (private and loopback addresses are refused).',
      }),
    },
    resolve: async (_root, { url }, context) => {
      await context.enforceRateLimit(siteInfoRateLimit);
      return lookUpSiteInfo(url, { testOnlyLoopbackPorts: context.config.siteInfo.testOnlyLoopbackPorts });
    },
  }),
);
