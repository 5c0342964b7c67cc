/** The long-text rules live in the contract: the engine cuts long texts out of episode previews by the same rule. */
export * from '@contract/long-text'
