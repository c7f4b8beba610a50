enum Usage {
    static let text = """
    ozen — live captions of conversation, on this computer

    Commands:
      ozen caption FILE [--language he|en|sv|auto] [--model NAME] [--json] [--realtime]
                        [--alert WORD]... [--no-save]
          Captions a WAV recording (any rate, any channels, 16/24/32-bit or float) through
          the live pipeline. `at` in the events is the audio clock: without --realtime it
          runs as fast as it can and charges each pass's cost to that clock.
          --language  the language spoken (default he); never guessed unless auto
          --model     the Whisper model to use (default base)
          --json      one JSON event per line, every pass and every locked line (README, "Events")
          --realtime  feed the recording at the speed it was spoken (the replay tool)
          --alert     a word or name that raises an alert when said; repeat for more
          --no-save   do not keep this conversation in the history
      ozen models [list|verify]
          Lists the installed models, or checks each against its manifest's sha256.
      ozen text [--alert WORD]... [--json] [--language he|en|sv]
          Reads lines from stdin and shows what the caption pipeline's text stage finds:
          numbers (times, amounts, dates, phones, counts, frequencies, durations), keyword
          alerts (prefixes and forms of Hebrew words included) and reading direction.
          --alert     a word or name to alert on; repeat for more
          --json      one JSON event per line: "text" events, then "alert" events
      ozen bench latency FILE... [--minutes N] [--fast] [--language L]
          First-words and settle latency (median, p90), CPU and memory of the live
          pipeline against decoding each utterance once at its end, in one run.
          --minutes  loop the input to N minutes (figures per 5-minute block)
          --fast     the audio clock instead of real time
      ozen words add|remove|list [WORD...]
          Her names and words list ($OZEN_HOME/words.txt): the top of it (about 100
          tokens) primes the recognizer; a change applies from the next utterance.
      ozen version
          The versions of Ozen and of the speech engines.

    Models live in $OZEN_HOME/models (default ~/.local/share/ozen/models);
    `make setup` installs them.
    """
}
